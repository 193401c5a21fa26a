--- @since 26.1.22
-- contrib/yazi/snapterm.yazi — a yazi previewer: pictures as coloured text art from `snapterm render`,
-- sized to the preview pane. yazi draws the text itself (ui.Text.parse reads the SGR colours), so
-- Snapterm never writes to the terminal and never queries it (a format is given, output is a pipe).
-- Install: copy this folder to ~/.config/yazi/plugins/snapterm.yazi and add to ~/.config/yazi/yazi.toml:
--   [plugin]
--   prepend_previewers = [ { mime = "image/*", run = "snapterm" } ]
-- (yazi's own image previewers draw sixel/kitty pictures; this one works in any terminal and in tmux.)
local M = {}

function M:peek(job)
	local output, err = Command(os.getenv("SNAPTERM") or "snapterm")
		:arg({ "render", "--format", "symbols", "--cols", tostring(job.area.w), "--rows", tostring(job.area.h), "--",
			tostring(job.file.path) })
		:stdin(Command.NULL)
		:stdout(Command.PIPED)
		:stderr(Command.PIPED)
		:output()
	local text
	if not output then
		text = "snapterm: " .. tostring(err)
	elseif output.status.success then
		text = output.stdout
	else
		text = output.stderr
	end
	ya.preview_widget(job, ui.Text.parse(text):area(job.area))
end

-- A picture has nothing to scroll.
function M:seek() end

return M
