#!/bin/sh
# contrib/ranger/scope.sh — ranger preview script: pictures as coloured text art through `snapterm render`.
# rc.conf:  set use_preview_script true
#           set preview_script ~/.config/ranger/scope.sh
#           set preview_images false    # ranger then shows this script's output as the preview
# Or merge the image/* case into your own scope.sh. ranger calls it as:
#   scope.sh PATH WIDTH HEIGHT CACHE_PATH PREVIEW_IMAGES
# Exit 0: show standard output, and call again when the pane's size changes. Exit 1: no preview. Exit 2: show the file as text.
path=$1 width=${2:-40} height=${3:-20}
snapterm=${SNAPTERM:-snapterm}

case $(file --mime-type -Lb -- "$path" 2>/dev/null) in
    image/*)
        # Text art: ranger shows ANSI colours but not sixel in its preview pane.
        "$snapterm" render --format symbols --cols "$width" --rows "$height" -- "$path" </dev/null && exit 0
        exit 1 ;;
    text/*|*/xml|*/json)
        exit 2 ;;
esac
exit 1
