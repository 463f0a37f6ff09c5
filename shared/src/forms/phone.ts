/**
 * The phone helpers of the forms toolkit (`@careers/shared/forms/phone`): libphonenumber-js with the country rules
 * (docs/product/forms-toolkit.md#phone). Import it only from code loaded on demand (the phone field), never from a
 * widget's first chunk.
 */
export { phoneCountry } from '../contract/form-rules/phone';
