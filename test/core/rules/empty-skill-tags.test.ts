import { ruleFixtureTests } from './harness';

ruleFixtureTests('empty-skill-tags');
