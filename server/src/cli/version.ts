/** The CLI's version, from package.json (bundled in at build time): `a2acap --version` and SARIF's tool.driver.version. */
import { version } from '../../../package.json';

export const VERSION: string = version;
