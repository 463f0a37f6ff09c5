/**
 * The rule engine with its phone checks (libphonenumber-js) and regex checks (re2js) installed: what the server uses,
 * through the contract. Browsers take `./engine` through `@careers/shared/forms` and load the phone checks only for
 * forms with a phone question, the regex checks only for forms with a regex rule.
 */
import { installPhoneRules } from './phone-rules';
import { libphonenumberRules } from './phone';
import { installRegexRules } from './regex-rules';
import { re2RegexRules } from './regex';

installPhoneRules(libphonenumberRules);
installRegexRules(re2RegexRules);

export * from './engine';
export { phoneCountry } from './phone';
export { describePatternProblem, patternProblem, type PatternProblem } from './regex';
