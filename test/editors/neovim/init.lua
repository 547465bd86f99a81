-- The A2A language server in Neovim: the configuration docs/editors.md gives, as test/editors/neovim.test.ts runs it.
-- `a2a-language-server` is the npm package's bin (npm i -g a2acap), started over stdio.
local patterns = { '*.agent-card.json', 'agent-card.json', 'agent.json', '*.a2a-lock.json' }

local config = {
  name = 'a2a',
  cmd = { 'a2a-language-server', '--stdio' },
  -- Answered to the server's workspace/configuration requests (section "a2a"), as VS Code's a2a.* settings.
  settings = { a2a = { rules = { ['unknown-field'] = 'error' } } },
  -- Neovim 0.7 does not answer workspace/configuration (0.8 does): the settings are pushed once started, which the
  -- server reads as well.
  on_init = function(client)
    client.notify('workspace/didChangeConfiguration', { settings = client.config.settings })
  end,
}

local client_id
local function start(args)
  config.root_dir = vim.fn.getcwd()
  if vim.lsp.start then
    -- Neovim 0.8 and later: one client per root, reused for every buffer.
    vim.lsp.start(config, { bufnr = args.buf })
    return
  end
  -- Neovim 0.7 (Debian bookworm's): the same with the older calls vim.lsp.start is made of.
  if not (client_id and vim.lsp.get_client_by_id(client_id)) then client_id = vim.lsp.start_client(config) end
  vim.lsp.buf_attach_client(args.buf, client_id)
end

vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, { pattern = patterns, callback = start })
