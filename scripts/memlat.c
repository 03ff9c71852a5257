// Memory latency probe (BENCHMARKS.md, "Solvers on every core"): gcc -O2 scripts/memlat.c -o /tmp/memlat && /tmp/memlat SIZE MODE
// SIZE: GiB, or MiB with an M after it (512M).
// MODE 0: 2 MiB transparent huge pages; MODE 1: 1 GiB pages (reserved by hand in /sys/kernel/mm/hugepages).
// Prints the time to touch every 4 KiB, then ns per dependent and per independent random load.
#define _GNU_SOURCE
#include <sys/mman.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#ifndef MAP_HUGE_1GB
#define MAP_HUGE_1GB (30<<26)
#endif
static double now(){struct timespec a;clock_gettime(CLOCK_MONOTONIC,&a);return a.tv_sec+a.tv_nsec/1e9;}
int main(int c,char**v){ size_t sz=atoi(v[1]); int mode=atoi(v[2]); size_t n=strchr(v[1],'M')?sz<<20:sz<<30; char*p;
 if(mode==1){p=mmap(0,n,PROT_READ|PROT_WRITE,MAP_PRIVATE|MAP_ANONYMOUS|MAP_HUGETLB|MAP_HUGE_1GB,-1,0); if(p==MAP_FAILED){perror("mmap1g");return 1;}}
 else {p=mmap(0,n,PROT_READ|PROT_WRITE,MAP_PRIVATE|MAP_ANONYMOUS,-1,0); madvise(p,n,MADV_HUGEPAGE);}
 double t=now(); for(size_t i=0;i<n;i+=4096)p[i]=1; printf("touch %.2f s\n",now()-t);
 uint64_t x=88172645463325252ull; size_t N=20000000; uint64_t s=0; t=now();
 for(size_t i=0;i<N;i++){x^=x<<13;x^=x>>7;x^=x<<17; size_t a=(x%(n/64))*64; s+=p[a]; x+=p[a];}
 double d=now()-t; printf("dependent: %.1f ns/access\n",d/N*1e9);
 t=now(); for(size_t i=0;i<N;i++){x^=x<<13;x^=x>>7;x^=x<<17; size_t a=(x%(n/64))*64; s+=p[a];}
 d=now()-t; printf("independent: %.1f ns/access %lu\n",d/N*1e9,s); return 0;}
