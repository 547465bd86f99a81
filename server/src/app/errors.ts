/** The errors the workflows throw that a front end (the library) names to its users. */
export { NetError, type NetErrorKind } from '../core/net/errors';
export { CanonicalizationError } from '../core/card/digest';
export { ProfileUseError } from '../core/send/sendToSkill';
