#!/bin/sh
# contrib/ranger/scope.sh — ranger preview script: pictures through `snapterm render` (any format Snapterm reads,
# HEIC and AVIF included), drawn by ranger's own image previewer when it has one, else as coloured text art.
# rc.conf:  set use_preview_script true
#           set preview_script ~/.config/ranger/scope.sh
#           set preview_images false    # text art: ranger shows this script's output as the preview
#   or, where ranger can draw pictures (set preview_images_method kitty, iterm2, ueberzug, …):
#           set preview_images true     # snapterm writes a PNG that ranger draws in full colour
# As root ranger turns previews off after reading rc.conf: add plugins/snapterm_root_previews.py to root's
# ~/.config/ranger/plugins/, or start ranger --cmd='set preview_files true' --cmd='set use_preview_script true'.
# Or merge the image/* case into your own scope.sh. ranger calls it as:
#   scope.sh PATH WIDTH HEIGHT CACHE_PATH PREVIEW_IMAGES
# Exit 0: show standard output, and call again when the pane's size changes. Exit 1: no preview. Exit 2: show the
# file as text. Exit 6: show the picture at CACHE_PATH with ranger's image previewer.
path=$1 width=${2:-40} height=${3:-20} cache=${4:-} images=${5:-False}
snapterm=${SNAPTERM:-snapterm}

case $(file --mime-type -Lb -- "$path" 2>/dev/null) in
    image/*)
        if [ "$images" = True ] && [ -n "$cache" ]; then
            "$snapterm" render --output "$cache" --cols "$width" --rows "$height" -- "$path" </dev/null && exit 6
        fi
        # Text art in 8 colours, whatever TERM says: ranger gives every foreground/background pair of colours it
        # draws a curses colour pair of its own, for the whole session, and its curses holds about 256 of them —
        # 256-colour art runs past that within a picture or two, and what is drawn after is random coloured noise.
        # 8 colours are at most 81 pairs, however many pictures are shown.
        "$snapterm" render --format symbols --colors 8 --cols "$width" --rows "$height" -- "$path" </dev/null && exit 0
        exit 1 ;;
    text/*|*/xml|*/json)
        exit 2 ;;
esac
exit 1
