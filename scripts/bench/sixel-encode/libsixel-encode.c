// libsixel-encode.c — libsixel as Snapterm called it before issue 37: IN.rgb W H OUT.six adaptive|fixed none|fs|atk LARGE REP QUALITY COLOURS;
// prints the best CPU time of 5 encodes (scripts/bench/sixel-encode.sh).
#include <sixel.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static int wr(char *d, int n, void *p){ fwrite(d,1,n,(FILE*)p); return n; }
// enc in.rgb w h out.six palette(adaptive|fixed) diffuse(none|fs|atk) large rep quality ncolors
int main(int c, char **v){
  int w=atoi(v[2]), h=atoi(v[3]);
  FILE *f=fopen(v[1],"rb"); unsigned char *px=malloc(w*h*3); fread(px,1,w*h*3,f); fclose(f);
  unsigned char *copy=malloc(w*h*3);
  int large=atoi(v[7]), rep=atoi(v[8]), qual=atoi(v[9]), nc=atoi(v[10]);
  const char *diff=v[6];
  struct timespec a,b; double best=1e9;
  FILE *out=NULL;
  for(int it=0; it<5; it++){
    memcpy(copy,px,w*h*3);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID,&a);
    sixel_dither_t *d=NULL;
    if(!strcmp(v[5],"fixed")){ d=sixel_dither_get(SIXEL_BUILTIN_XTERM256); sixel_dither_set_pixelformat(d,SIXEL_PIXELFORMAT_RGB888);}
    else { sixel_dither_new(&d,nc,NULL); sixel_dither_initialize(d,copy,w,h,SIXEL_PIXELFORMAT_RGB888,large,rep,qual);}
    int df = !strcmp(diff,"none")?SIXEL_DIFFUSE_NONE: !strcmp(diff,"fs")?SIXEL_DIFFUSE_FS: !strcmp(diff,"atk")?SIXEL_DIFFUSE_ATKINSON:SIXEL_DIFFUSE_AUTO;
    sixel_dither_set_diffusion_type(d,df);
    if(out) fclose(out);
    out=fopen(v[4],"wb");
    sixel_output_t *o=NULL; sixel_output_new(&o,wr,out,NULL);
    sixel_output_set_8bit_availability(o,0);
    sixel_output_set_encode_policy(o,SIXEL_ENCODEPOLICY_FAST);
    sixel_encode(copy,w,h,3,d,o);
    sixel_output_unref(o); sixel_dither_unref(d);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID,&b);
    double ms=(b.tv_sec-a.tv_sec)*1e3+(b.tv_nsec-a.tv_nsec)/1e6; if(ms<best)best=ms;
  }
  fclose(out);
  fprintf(stderr,"%s: %.1f ms\n",v[4],best);
}
