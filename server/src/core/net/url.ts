/** An http(s) URL the product may request, parsed once with the one wording of what is wrong with it. */
import { NetError, displayUrl } from './errors';

export function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new NetError('bad-url', text.slice(0, 200), `not a valid URL: ${JSON.stringify(text.slice(0, 200))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new NetError(
      'bad-scheme',
      displayUrl(url),
      `${displayUrl(url)}: only http and https URLs are fetched (got ${url.protocol})`,
    );
  }
  // Never sent (credentials go in headers the card's security schemes name), and a URL is shown, cached and pinned.
  if (url.username !== '' || url.password !== '') {
    throw new NetError(
      'bad-url',
      displayUrl(url),
      `${displayUrl(url)}: a URL with credentials (user:password@) is refused; give a credential with --credential-env (or the editor's prompt) instead`,
    );
  }
  return url;
}
