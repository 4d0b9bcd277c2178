import { failOnConsoleError } from '../../shared/testing/console-guard';

failOnConsoleError();
