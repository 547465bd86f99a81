import { ruleFixtureTests } from './harness';

ruleFixtureTests('legacy-card-shape');
