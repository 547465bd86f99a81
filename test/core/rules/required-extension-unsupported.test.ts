import { ruleFixtureTests } from './harness';

ruleFixtureTests('required-extension-unsupported');
