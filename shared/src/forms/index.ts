/**
 * The form toolkit's rule engine and constants for the widgets: `@careers/shared/forms`, a subpath outside the
 * federated `@careers/shared` index, so only the widgets that render forms bundle the engine (and libphonenumber-js
 * with it); every other page stays as light as before. The server takes the same engine from the contract.
 */
export * from '../contract/form-rules';
export * from '../contract/form-constants';
