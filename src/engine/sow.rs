//! Sowing kernels shared by the families.
//!
//! A family lists the board cells in sowing order as a *ring* of board indices (for the
//! mover: own pits, own store, the opponent's pits, and the opponent's store only where the
//! rules sow into it). The kernel drops seeds one by one along that ring and reports each drop,
//! so one function serves play, animation traces and tests. Families that need speed (Kalah's
//! search) have an arithmetic twin whose agreement with this kernel is a tested property.

/// Sows `seeds` seeds one by one into the ring positions after `start` (counts of any width), calling `on_drop` with
/// the board index of every cell that receives one. With `skip_origin`, the cell at `start`
/// is passed over on every lap (Ayo's Odu, Oware's rule). Returns the ring position of the
/// last seed, or `start` when there were no seeds.
///
/// ```
/// use mancala_lab::engine::sow::sow_ring;
/// let mut counts = [0u32, 3, 0, 0];
/// let ring = [0, 1, 2, 3];
/// let last = sow_ring(&mut counts, &ring, 1, 3, false, |_| {});
/// assert_eq!((last, counts), (0, [1, 3, 1, 1]));
/// ```
pub fn sow_ring<C: core::ops::AddAssign + From<u8>>(
    counts: &mut [C],
    ring: &[usize],
    start: usize,
    seeds: u32,
    skip_origin: bool,
    mut on_drop: impl FnMut(usize),
) -> usize {
    let mut pos = start;
    let mut left = seeds;
    if ring.len() <= 1 && skip_origin {
        return start;
    }
    while left > 0 {
        // (A compare, not a division: the kernel runs in Tchouka's solver.)
        pos += 1;
        if pos == ring.len() {
            pos = 0;
        }
        if skip_origin && pos == start {
            continue;
        }
        counts[ring[pos]] += C::from(1);
        on_drop(ring[pos]);
        left -= 1;
    }
    pos
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn laps_and_skip_origin() {
        let mut counts = [5u32, 0, 0];
        let ring = [0, 1, 2];
        let mut drops = vec![];
        let last = sow_ring(&mut counts, &ring, 0, 5, true, |i| drops.push(i));
        assert_eq!(drops, vec![1, 2, 1, 2, 1]);
        assert_eq!(last, 1);
        assert_eq!(counts, [5, 3, 2]); // origin was not emptied by the kernel: callers lift first
        let mut counts = [0u32, 0, 0];
        let last = sow_ring(&mut counts, &ring, 0, 4, false, |_| {});
        assert_eq!((last, counts), (1, [1, 2, 1]));
    }
}
