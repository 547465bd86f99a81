-- The A2A language server in Neovim: the configuration docs/editors.md shows (a test holds the two equal), as
-- test/editors/neovim.test.ts runs it. `a2a-language-server` is the npm package's bin (npm i -g a2acap).
local config = {
  name = 'a2a',
  cmd = { 'a2a-language-server', '--stdio' },
  -- Answered to the server's workspace/configuration requests (section "a2a"): the settings below.
  settings = { a2a = { rules = { ['unknown-field'] = 'error' } } },
  -- Neovim 0.7 does not answer workspace/configuration (0.8 does): push the settings once started.
  on_init = function(client)
    client.notify('workspace/didChangeConfiguration', { settings = client.config.settings })
  end,
}

local client_id
vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
  pattern = { '*.agent-card.json', 'agent-card.json', 'agent.json', '*.a2a-lock.json', 'a2a-lock.json' },
  callback = function(args)
    config.root_dir = vim.fn.getcwd()
    if vim.lsp.start then -- Neovim 0.8 and later
      vim.lsp.start(config, { bufnr = args.buf })
    else -- Neovim 0.7
      if not (client_id and vim.lsp.get_client_by_id(client_id)) then client_id = vim.lsp.start_client(config) end
      vim.lsp.buf_attach_client(args.buf, client_id)
    end
  end,
})
