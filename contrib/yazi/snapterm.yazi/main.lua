--- @since 26.1.22
-- contrib/yazi/snapterm.yazi — a yazi previewer: pictures as coloured text art from `snapterm render`, sized to
-- the preview pane, for every format Snapterm reads (HEIC, AVIF, JPEG XL, …). yazi draws the text itself
-- (ui.Text.parse reads the SGR colours) in the colours its terminal has, so the art is in full colour — 24-bit
-- where COLORTERM says so, else 256 — whatever TERM's terminfo entry says, and Snapterm never writes to the
-- terminal nor queries it (a format is given, output is a pipe). Each picture's art is kept in yazi's cache,
-- one file per pane size: a second visit costs no decoding.
-- Install: copy this folder to ~/.config/yazi/plugins/snapterm.yazi and add to ~/.config/yazi/yazi.toml:
--   [plugin]
--   prepend_previewers = [ { mime = "image/*", run = "snapterm" } ]
-- (yazi's own image previewers draw sixel/kitty pictures of the formats they read; this one works in any terminal
-- and in tmux.)
local M = {}

local function colours()
	local colorterm = (os.getenv("COLORTERM") or ""):lower()
	return (colorterm == "truecolor" or colorterm == "24bit") and "truecolor" or "256"
end

-- The kept art at `path`, or nil.
local function read(path)
	local file = io.open(path, "rb")
	if not file then
		return nil
	end
	local data = file:read("a")
	file:close()
	return data ~= "" and data or nil
end

-- Keeps `data` at `path`: written whole under another name, then renamed (plain Lua calls: a preview yazi stops
-- cannot stop them half-way, and nothing half-written is ever read back).
local function keep(path, data)
	local part = string.format("%s.%d.part", path, math.random(1, 1000000000))
	local file = io.open(part, "wb")
	if not file then
		return
	end
	local written = file:write(data)
	file:close()
	if written then
		os.rename(part, path)
	else
		os.remove(part)
	end
end

-- The art of the file for this pane: from yazi's cache, or made and kept there.
function M:art(job)
	local depth = colours()
	local cache = ya.file_cache({ file = job.file, skip = 0 })
	local kept = cache and string.format("%s-snapterm-%dx%d-%s", tostring(cache), job.area.w, job.area.h, depth)
	local text = kept and read(kept)
	if text then
		return text
	end
	local output, err = Command(os.getenv("SNAPTERM") or "snapterm")
		:arg({ "render", "--format", "symbols", "--colors", depth, "--cols", tostring(job.area.w), "--rows",
			tostring(job.area.h), "--", tostring(job.file.path) })
		:stdin(Command.NULL)
		:stdout(Command.PIPED)
		:stderr(Command.PIPED)
		:output()
	if not output then
		return "snapterm: " .. tostring(err)
	elseif not output.status.success then
		return output.stderr
	end
	if kept then
		keep(kept, output.stdout)
	end
	return output.stdout
end

function M:peek(job)
	ya.preview_widget(job, ui.Text.parse(self:art(job)):area(job.area))
end

-- A picture has nothing to scroll.
function M:seek() end

return M
