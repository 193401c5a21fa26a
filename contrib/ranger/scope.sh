#!/bin/sh
# contrib/ranger/scope.sh — ranger preview script: pictures as coloured text art through `snapterm render`.
# rc.conf:  set use_preview_script true
#           set preview_script ~/.config/ranger/scope.sh
#           set preview_images false    # ranger then shows this script's output as the preview
# As root ranger turns previews off after reading rc.conf: add plugins/snapterm_root_previews.py to root's
# ~/.config/ranger/plugins/, or start ranger --cmd='set preview_files true' --cmd='set use_preview_script true'.
# Or merge the image/* case into your own scope.sh. ranger calls it as:
#   scope.sh PATH WIDTH HEIGHT CACHE_PATH PREVIEW_IMAGES
# Exit 0: show standard output, and call again when the pane's size changes. Exit 1: no preview. Exit 2: show the file as text.
path=$1 width=${2:-40} height=${3:-20}
snapterm=${SNAPTERM:-snapterm}

case $(file --mime-type -Lb -- "$path" 2>/dev/null) in
    image/*)
        # Text art: ranger shows ANSI colours but not sixel in its preview pane, and only the colours of its
        # curses terminal (TERM's terminfo `colors`: 8 for TERM=xterm; 24-bit SGR it cannot read), so
        # COLORTERM is dropped and snapterm picks 8, 16 or 256 colours from TERM's entry.
        COLORTERM= "$snapterm" render --format symbols --cols "$width" --rows "$height" -- "$path" </dev/null && exit 0
        exit 1 ;;
    text/*|*/xml|*/json)
        exit 2 ;;
esac
exit 1
