--- @since 26.1.22
-- contrib/yazi/snapterm.yazi — a yazi previewer for every format Snapterm reads (HEIC, AVIF, JPEG XL, …).
-- Snapterm scales the picture into a PNG kept in yazi's cache (`snapterm render --output`, one file per picture:
-- a second visit costs no decoding), and yazi shows that PNG with its own image adapter — sixel in xterm, kitty's
-- protocol in kitty, and so on. Where yazi can show no picture (its adapter reports an error: no graphics
-- protocol, no working chafa), or with SNAPTERM_PREVIEW_FORMAT=symbols, the picture is coloured text art from
-- `snapterm render`, sized to the pane: yazi draws the text itself (ui.Text.parse reads the SGR colours) in the
-- colours its terminal has — 24-bit where COLORTERM says so, else 256 — whatever TERM's terminfo entry says. Either
-- way Snapterm never writes to the terminal nor queries it (a format is given, output is a file or a pipe).
-- Install: copy this folder to ~/.config/yazi/plugins/snapterm.yazi and add to ~/.config/yazi/yazi.toml:
--   [plugin]
--   prepend_previewers = [ { mime = "image/*", run = "snapterm" } ]
local M = {}

-- The pixels a cell stands for in the PNG: yazi fits the picture into the pane at the terminal's own cell size,
-- so the PNG only has to be at least as large as yazi's preview limits (rt.preview.max_width × max_height).
local CELL_WIDTH, CELL_HEIGHT = 10, 20

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

-- The file's picture as a PNG in yazi's cache, made if it is not there yet; nil and why when Snapterm cannot read it.
function M:picture(job)
	local cache = ya.file_cache({ file = job.file, skip = 0 })
	if not cache then
		return nil, "no cache"
	end
	local path = string.format("%s-snapterm-%dx%d.png", tostring(cache), rt.preview.max_width, rt.preview.max_height)
	if fs.cha(Url(path)) then
		return Url(path)
	end
	-- Written under another name, then renamed: a preview yazi stops half-way leaves nothing that is read back.
	local part = string.format("%s.%d.part", path, math.random(1, 1000000000))
	local output, err = Command(os.getenv("SNAPTERM") or "snapterm")
		:arg({ "render", "--output", part, "--cell-size", string.format("%dx%d", CELL_WIDTH, CELL_HEIGHT),
			"--cols", tostring(math.max(1, rt.preview.max_width // CELL_WIDTH)),
			"--rows", tostring(math.max(1, rt.preview.max_height // CELL_HEIGHT)), "--", tostring(job.file.path) })
		:stdin(Command.NULL)
		:stdout(Command.NULL)
		:stderr(Command.PIPED)
		:output()
	if not output or not output.status.success then
		os.remove(part)
		return nil, output and output.stderr or ("snapterm: " .. tostring(err))
	end
	os.rename(part, path)
	return Url(path)
end

function M:peek(job)
	if (os.getenv("SNAPTERM_PREVIEW_FORMAT") or "auto") ~= "symbols" then
		local picture, why = self:picture(job)
		if not picture then
			return ya.preview_widget(job, ui.Text(why):area(job.area):wrap(ui.Wrap.YES))
		end
		local _, err = ya.image_show(picture, job.area)
		if not err then
			return ya.preview_widget(job, nil)
		end
	end
	ya.preview_widget(job, ui.Text.parse(self:art(job)):area(job.area))
end

-- A picture has nothing to scroll.
function M:seek() end

return M
