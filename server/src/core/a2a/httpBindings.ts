/** The protocol bindings that call an interface over HTTP: their url is an http(s) URL, not a gRPC target. */
export const HTTP_BINDINGS = new Set(['JSONRPC', 'HTTP+JSON']);
