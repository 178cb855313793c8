-- Run by Tests/lsp-smoke/run: nvim --headless --clean -l smoke.lua SITE KUMIKI.
-- Opens the site's page, starts `kumiki lsp` with vim.lsp.start, and checks
-- what an author sees: the diagnostic, its quick fix applied to the buffer,
-- a completion and the live diagram's address. Any failure exits with
-- status 1.
local site, kumiki = arg[1], arg[2]

local function fail(message)
  io.stderr:write("lsp-smoke: " .. message .. "\n")
  os.exit(1)
end

local function check(condition, message)
  if not condition then fail(message) end
end

local function say(message)
  io.stdout:write("lsp-smoke: " .. message .. "\n")
end

vim.cmd.edit(site .. "/Content/smoke.md")
local buffer = vim.api.nvim_get_current_buf()
local id = vim.lsp.start({ name = "kumiki", cmd = { kumiki, "lsp" }, root_dir = site })
check(id ~= nil, "kumiki lsp did not start")
local client = vim.lsp.get_client_by_id(id)

-- The errors about the misspelt anchor (the unfinished last line has its own).
local function errors()
  return vim.tbl_filter(function(item) return item.code == "layout.unknown-anchor" end,
    vim.diagnostic.get(buffer, { severity = vim.diagnostic.severity.ERROR }))
end

-- The diagnostic, with its code and the range of the misspelt word.
check(vim.wait(60000, function() return #errors() > 0 end, 50), "no diagnostic arrived")
local diagnostic = errors()[1]
check(diagnostic.source == "kumiki", "source: " .. tostring(diagnostic.source))
local line = vim.api.nvim_buf_get_lines(buffer, diagnostic.lnum, diagnostic.lnum + 1, true)[1]
check(line:sub(diagnostic.col + 1, diagnostic.end_col) == "wdith", "range: " .. vim.inspect(diagnostic))
say("diagnostic: " .. diagnostic.message)

-- Its quick fix, a plain workspace edit, mends the buffer and the error goes.
local uri = vim.uri_from_bufnr(buffer)
local answer = client:request_sync("textDocument/codeAction", {
  textDocument = { uri = uri },
  range = diagnostic.user_data.lsp.range,
  context = { diagnostics = { diagnostic.user_data.lsp } },
}, 10000, buffer)
check(answer and answer.result and #answer.result == 1, "code actions: " .. vim.inspect(answer))
local action = answer.result[1]
check(action.command == nil, "an editor-specific command")
vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
line = vim.api.nvim_buf_get_lines(buffer, diagnostic.lnum, diagnostic.lnum + 1, true)[1]
check(line == "go.width = 44", "after the fix: " .. line)
say("quick fix: " .. action.title)
check(vim.wait(60000, function() return #errors() == 0 end, 50), "the error stayed: " .. vim.inspect(errors()))

-- Completion at the start of a block line: view kinds and the block's names.
local lines = vim.api.nvim_buf_get_lines(buffer, 0, -1, true)
local row = nil
for number, text in ipairs(lines) do
  if text == "bu" then row = number - 1 end
end
answer = client:request_sync("textDocument/completion", {
  textDocument = { uri = uri }, position = { line = row, character = 2 },
}, 10000, buffer)
check(answer and answer.result, "completion: " .. vim.inspect(answer))
local labels = {}
for _, item in ipairs(answer.result.items or answer.result) do labels[item.label] = true end
check(labels.button and labels.hero and labels.go, "completion labels: " .. vim.inspect(vim.tbl_keys(labels)))
say("completion: button, hero, go among " .. #vim.tbl_keys(labels) .. " items")

-- The live diagram: the command the server advertises, sent as any client
-- sends a command, answers the preview's address at the line's row.
check(vim.tbl_contains(client.server_capabilities.executeCommandProvider.commands, "kumiki.preview"),
  "commands: " .. vim.inspect(client.server_capabilities.executeCommandProvider))
answer = client:request_sync("workspace/executeCommand", {
  command = "kumiki.preview",
  arguments = { { uri = uri, position = { line = diagnostic.lnum, character = 0 } } },
}, 120000, buffer)
check(answer and answer.result and answer.result.url, "preview: " .. vim.inspect(answer))
check(answer.result.url:match("^http://127%.0%.0%.1:%d+/smoke/#") ~= nil, "preview address: " .. answer.result.url)
say("preview: " .. answer.result.url)

client:stop()
vim.wait(5000, function() return client:is_stopped() end, 50)
say("ok")
os.exit(0)
