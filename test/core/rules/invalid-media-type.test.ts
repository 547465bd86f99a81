import { ruleFixtureTests } from './harness';

ruleFixtureTests('invalid-media-type');
