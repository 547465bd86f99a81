-- Drives the headless Neovim of test/editors/neovim.test.ts: opens cards and a lockfile, waits for diagnostics,
-- asks for a hover on a skill and applies a quick fix, and writes what it saw as JSON to $A2A_NVIM_RESULT.
-- Every wait is vim.wait with a bound (polling, never a blind sleep); any error is reported, then Neovim quits.
local TIMEOUT = tonumber(vim.env.A2A_NVIM_TIMEOUT or '20000')
local result = { version = vim.version(), files = {}, steps = {} }

local function step(name) table.insert(result.steps, name) end

local function lsp_code(d)
  if d.code ~= nil then return d.code end
  return d.user_data and d.user_data.lsp and d.user_data.lsp.code
end

local function diagnostics(buf)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(out, { code = lsp_code(d), severity = d.severity, line = d.lnum, message = d.message })
  end
  return out
end

local function open(path)
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local buf = vim.api.nvim_get_current_buf()
  local clients = function()
    if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = buf }) end
    return vim.lsp.buf_get_clients(buf)
  end
  local attached = vim.wait(TIMEOUT, function() return next(clients()) ~= nil end, 20)
  return buf, attached
end

local function wait_diagnostics(buf, code)
  return vim.wait(TIMEOUT, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if code == nil or lsp_code(d) == code then return true end
    end
    return false
  end, 20)
end

-- The buffer's diagnostics as the LSP sent them (range, source, data), as the editor's own code-action request
-- takes them: vim.lsp.diagnostic.from in Neovim 0.10+, get_line_diagnostics before.
local function as_lsp(buf)
  if vim.lsp.diagnostic.from then return vim.lsp.diagnostic.from(vim.diagnostic.get(buf)) end
  local out = {}
  for lnum = 0, vim.api.nvim_buf_line_count(buf) - 1 do
    for _, d in ipairs(vim.lsp.diagnostic.get_line_diagnostics(buf, lnum)) do table.insert(out, d) end
  end
  return out
end

local function first_result(responses)
  for _, r in pairs(responses or {}) do
    if r.result ~= nil then return r.result end
  end
end

local function run()
  local dir = vim.env.A2A_NVIM_DIR
  -- Every file pattern the configuration names starts the server for its buffer.
  for _, name in ipairs({ 'agent-card.json', 'agent.json', 'broken.a2a-lock.json' }) do
    local buf, attached = open(dir .. '/' .. name)
    wait_diagnostics(buf, nil)
    result.files[name] = { attached = attached, diagnostics = diagnostics(buf) }
  end
  step('files')

  -- The card with a defect: its diagnostic (with the rule as its code), a hover, a quick fix.
  local buf, attached = open(dir .. '/travel.agent-card.json')
  result.attached = attached
  -- As the settings say (rules: unknown-field is an error, by default a warning).
  result.diagnosed = vim.wait(TIMEOUT, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if lsp_code(d) == 'unknown-field' and d.severity == vim.diagnostic.severity.ERROR then return true end
    end
    return false
  end, 20)
  result.diagnostics = diagnostics(buf)
  step('diagnostics')

  local uri = vim.uri_from_bufnr(buf)
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  for i, line in ipairs(lines) do
    local col = line:find('"plan%-itinerary"')
    if col then
      local hover = first_result(vim.lsp.buf_request_sync(buf, 'textDocument/hover', { textDocument = { uri = uri }, position = { line = i - 1, character = col + 2 } }, TIMEOUT))
      result.hover = hover and hover.contents and (hover.contents.value or hover.contents) or vim.NIL
      break
    end
  end
  step('hover')

  local target
  for _, d in ipairs(as_lsp(buf)) do
    if d.code == 'unknown-field' then target = d end
  end
  if target then
    local actions = first_result(vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', {
      textDocument = { uri = uri }, range = target.range, context = { diagnostics = { target }, only = { 'quickfix' } },
    }, TIMEOUT)) or {}
    result.actions = {}
    for _, a in ipairs(actions) do table.insert(result.actions, a.title) end
    -- The preferred fix (the rename), else the first with an edit.
    local chosen
    for _, a in ipairs(actions) do
      if a.edit and (a.isPreferred or chosen == nil) then chosen = a end
    end
    if chosen and chosen.edit then
      result.applied = chosen.title
      vim.lsp.util.apply_workspace_edit(chosen.edit, 'utf-16')
      -- The edited buffer is sent to the server (didChange) and analysed again: the diagnostic goes away.
      result.cleared = vim.wait(TIMEOUT, function()
        for _, d in ipairs(vim.diagnostic.get(buf)) do
          if lsp_code(d) == 'unknown-field' then return false end
        end
        return true
      end, 20)
      result.text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
    end
  end
  step('quickfix')
end

local ok, err = pcall(run)
if not ok then result.error = tostring(err) end
local file = io.open(vim.env.A2A_NVIM_RESULT, 'w')
file:write(vim.fn.json_encode(result))
file:close()
vim.cmd('qa!')
