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
    throw new NetError('bad-scheme', displayUrl(url), `${displayUrl(url)}: only http and https URLs are fetched (got ${url.protocol})`);
  }
  return url;
}
