/**
 * The live workflows: fetch a card (and the extended card), verify signatures, probe an agent, send to a skill,
 * under the network policy; and where a card comes from (a URL or a file, loaded and cached).
 */
export * from '../core/signature/trustStore';
export * from '../core/signature/verify';
export * from '../core/signature/policy';
export * from '../core/signature/trustEntry';
export * from '../core/probe/rateLimit';
export * from '../core/probe/probeAgent';
export * from '../core/fetch/fetchCard';
export * from '../core/fetch/extendedCard';
export * from '../core/fetch/conditionalGet';
export * from '../core/fetch/cardUrl';
export * from '../core/send/staleMarkers';
export * from '../core/send/sendToSkill';
export * from '../core/net/address';
export * from '../core/cache/cardText';
export * from '../core/check/cardLoader';
export * from '../core/check/cardSources';
