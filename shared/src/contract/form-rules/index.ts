/**
 * The rule engine with its phone checks installed (libphonenumber-js): what the server uses, through the contract.
 * Browsers take `./engine` through `@careers/shared/forms` and load the phone checks only for forms with a phone
 * question.
 */
import { installPhoneRules } from './phone-rules';
import { libphonenumberRules } from './phone';

installPhoneRules(libphonenumberRules);

export * from './engine';
export { phoneCountry } from './phone';
