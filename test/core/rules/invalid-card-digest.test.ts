import { ruleFixtureTests } from './harness';

ruleFixtureTests('invalid-card-digest');
