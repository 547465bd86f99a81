import { ruleFixtureTests } from './harness';

ruleFixtureTests('card-too-large');
