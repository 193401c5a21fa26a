# scale.py PHOTO W H OUT.rgb — the photo scaled (PIL Lanczos) to W×H, packed RGB (scripts/bench/sixel-encode.sh).
import sys
from PIL import Image
src, w, h, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
im = Image.open(src).convert('RGB').resize((w, h), Image.LANCZOS)
open(out, 'wb').write(im.tobytes())
