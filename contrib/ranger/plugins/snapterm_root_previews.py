# contrib/ranger/plugins/snapterm_root_previews.py — ranger turns file previews off when it runs as root,
# after reading rc.conf (ranger/core/main.py: "Running as root, disabling the file previews"). This
# plugin turns them on again once ranger has started. Copy it to root's ~/.config/ranger/plugins/.
# Without a plugin: ranger --cmd='set preview_files true' --cmd='set use_preview_script true'
import ranger.api

_previous_hook_init = ranger.api.hook_init


def hook_init(fm):
    fm.settings.preview_files = True
    fm.settings.use_preview_script = True
    return _previous_hook_init(fm)


ranger.api.hook_init = hook_init
