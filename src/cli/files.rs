//! Endgame databases on disk: a folder of one file a layer, the bytes the page's cache holds
//! for it (every board's value by rank, then every board's distance), and a file naming the
//! rules. A build writes each layer as it finishes it (to a temporary name, then renamed), so
//! a build that is stopped or killed goes on from its last finished layer when run again; a
//! build across processes writes each process's run of a layer beside it, and the first
//! process puts the runs end to end (`docs/distributed.md`).

use std::fs;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::CliError;
use crate::families::AnyRules;

/// Set by a launcher for the processes it starts: it holds the folder's lock for them.
pub const LOCKED_BY_LAUNCHER: &str = "MANCALA_LAB_FOLDER_LOCKED";

/// A folder of databases.
pub struct Folder {
    dir: PathBuf,
}

fn io(what: &Path, e: std::io::Error) -> CliError {
    CliError::Files(format!("{}: {e}", what.display()))
}

// A build across processes reads and writes runs (the `distributed` feature, and the tests).
#[cfg_attr(not(feature = "distributed"), allow(dead_code))]
impl Folder {
    /// The folder `dir` for databases of `rules`, made if missing; refused when it holds
    /// another rule set's.
    ///
    /// # Errors
    /// It cannot be made or read, or it is another rule set's.
    pub fn open(dir: &Path, rules: AnyRules) -> Result<Folder, CliError> {
        if dir.exists() && !dir.is_dir() {
            return Err(CliError::Files(format!("--out {} is a file, not a folder", dir.display())));
        }
        fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
        let id = dir.join("rules");
        let want = rules.to_string();
        match fs::read_to_string(&id) {
            Ok(have) if have.trim() == want => {}
            Ok(have) => {
                return Err(CliError::Files(format!(
                    "{} holds the databases of {}, not of {want}: give another --out",
                    dir.display(),
                    crate::engine::text::clip(have.trim(), 40)
                )))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                write_atomically(&id, want.as_bytes())?;
            }
            Err(e) => return Err(io(&id, e)),
        }
        Ok(Folder { dir: dir.to_path_buf() })
    }

    /// Takes the folder for one build: refused while another build holds it (a lock on
    /// `DIR/lock`, let go when the returned file is dropped, or the process ends). The
    /// processes that a launcher starts hold it through their launcher
    /// ([`LOCKED_BY_LAUNCHER`]).
    ///
    /// # Errors
    /// Another build holds it.
    pub fn lock(&self) -> Result<Option<fs::File>, CliError> {
        if std::env::var_os(LOCKED_BY_LAUNCHER).is_some() {
            return Ok(None);
        }
        let path = self.dir.join("lock");
        let file =
            fs::OpenOptions::new().create(true).truncate(false).write(true).open(&path).map_err(|e| io(&path, e))?;
        #[cfg(unix)]
        {
            use std::os::fd::AsRawFd;
            // SAFETY: flock on a descriptor this process owns; no memory is involved.
            if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
                return Err(CliError::Files(format!(
                    "another build is using {} (it holds {}): wait for it, or give another --out",
                    self.dir.display(),
                    path.display()
                )));
            }
        }
        Ok(Some(file))
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of layer `k`.
    pub fn layer(&self, k: usize) -> PathBuf {
        self.dir.join(format!("layer-{k:02}.bin"))
    }

    /// The file of process `p`'s run of layer `k`, built by `processes`.
    pub fn run(&self, k: usize, p: usize, processes: usize) -> PathBuf {
        self.dir.join(format!("layer-{k:02}.run-{p}-of-{processes}"))
    }

    /// The layers finished here, from 0 on, each file of its layer's length (`size(k)`
    /// boards, two bytes each); a layer whose file has another length is refused.
    ///
    /// # Errors
    /// A file of the wrong length, in words.
    pub fn finished(&self, most: usize, size: impl Fn(usize) -> u64) -> Result<usize, CliError> {
        let mut k = 0;
        while k <= most {
            let path = self.layer(k);
            let Ok(meta) = fs::metadata(&path) else { break };
            if meta.len() != 2 * size(k) {
                return Err(CliError::Files(format!(
                    "{} holds {} bytes, not the {} of layer {k}: remove it to build it again",
                    path.display(),
                    meta.len(),
                    2 * size(k)
                )));
            }
            k += 1;
        }
        Ok(k)
    }

    /// Layer `k`'s bytes.
    ///
    /// # Errors
    /// It cannot be read.
    pub fn read_layer(&self, k: usize) -> Result<Vec<u8>, CliError> {
        let path = self.layer(k);
        fs::read(&path).map_err(|e| io(&path, e))
    }

    /// The values of the boards `run` of layer `k` (the file's first half).
    ///
    /// # Errors
    /// It cannot be read.
    pub fn read_values(&self, k: usize, run: std::ops::Range<u64>) -> Result<Vec<i8>, CliError> {
        let path = self.layer(k);
        let mut f = fs::File::open(&path).map_err(|e| io(&path, e))?;
        f.seek(SeekFrom::Start(run.start)).map_err(|e| io(&path, e))?;
        let mut bytes = vec![0u8; (run.end - run.start) as usize];
        f.read_exact(&mut bytes).map_err(|e| io(&path, e))?;
        Ok(bytes.into_iter().map(|b| b as i8).collect())
    }

    /// Writes layer `k`.
    ///
    /// # Errors
    /// It cannot be written.
    pub fn write_layer(&self, k: usize, bytes: &[u8]) -> Result<(), CliError> {
        write_atomically(&self.layer(k), bytes)
    }

    /// Writes process `p`'s run of layer `k` (its values, then its distances).
    ///
    /// # Errors
    /// It cannot be written.
    pub fn write_run(&self, k: usize, p: usize, processes: usize, bytes: &[u8]) -> Result<(), CliError> {
        write_atomically(&self.run(k, p, processes), bytes)
    }

    /// Puts the runs of layer `k` end to end as its file (every run's values, then every run's
    /// distances), and removes them.
    ///
    /// # Errors
    /// A run cannot be read, or the layer written.
    pub fn merge_runs(&self, k: usize, processes: usize) -> Result<(), CliError> {
        let runs: Vec<PathBuf> = (0..processes).map(|p| self.run(k, p, processes)).collect();
        let mut lens = vec![];
        for r in &runs {
            lens.push(fs::metadata(r).map_err(|e| io(r, e))?.len() / 2);
        }
        let path = self.layer(k);
        let tmp = temporary(&path);
        let mut out = std::io::BufWriter::new(fs::File::create(&tmp).map_err(|e| io(&tmp, e))?);
        for half in 0..2 {
            for (r, &len) in runs.iter().zip(&lens) {
                let mut f = fs::File::open(r).map_err(|e| io(r, e))?;
                f.seek(SeekFrom::Start(half * len)).map_err(|e| io(r, e))?;
                std::io::copy(&mut f.take(len), &mut out).map_err(|e| io(r, e))?;
            }
        }
        out.into_inner().map_err(|e| io(&tmp, e.into_error()))?.sync_all().map_err(|e| io(&tmp, e))?;
        fs::rename(&tmp, &path).map_err(|e| io(&path, e))?;
        // This build's runs, and any left by a build of another number of processes that
        // was stopped at this layer.
        let prefix = format!("layer-{k:02}.run-");
        for entry in fs::read_dir(&self.dir).map_err(|e| io(&self.dir, e))?.flatten() {
            if entry.file_name().to_string_lossy().starts_with(&prefix) {
                let _ = fs::remove_file(entry.path());
            }
        }
        Ok(())
    }
}

/// Writes `bytes` to `path` through a temporary file, so that `path` is whole or absent.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let tmp = temporary(path);
    let mut f = fs::File::create(&tmp).map_err(|e| io(&tmp, e))?;
    f.write_all(bytes).map_err(|e| io(&tmp, e))?;
    f.sync_all().map_err(|e| io(&tmp, e))?;
    fs::rename(&tmp, path).map_err(|e| io(path, e))
}

/// The temporary name of `path` while this process writes it: its name, this process's id and
/// `.tmp` (processes on several machines may write the same file of a shared folder at once,
/// its `rules` for one).
fn temporary(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{}.tmp", std::process::id()));
    path.with_file_name(name)
}

/// The figures of layer `k` from its file's bytes (values first): boards won, drawn and lost
/// for the side to move, the largest value.
pub fn stats_of(k: usize, bytes: &[u8]) -> crate::families::capability::LayerStats {
    let values = &bytes[..bytes.len() / 2];
    let mut s = crate::families::capability::LayerStats {
        seeds: k as u32,
        positions: values.len() as u64,
        ..Default::default()
    };
    for &v in values {
        let v = v as i8;
        match v.cmp(&0) {
            core::cmp::Ordering::Greater => s.won += 1,
            core::cmp::Ordering::Equal => s.drawn += 1,
            core::cmp::Ordering::Less => s.lost += 1,
        }
        s.largest = s.largest.max(i32::from(v));
    }
    s
}
