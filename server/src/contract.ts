/** The API contract (TypeBox schemas and types) shared with the widgets; the server's only import path to it. */
export * from '../../shared/src/contract';
/** The route table (page identifiers, widgets, access) the host page plans its slots and first calls from. */
export * from '../../shared/src/contract/routes';
/** The first screen's GET calls (the widgets make them, the host page answers them in the page) and their addresses. */
export * from '../../shared/src/contract/first-screen';
/** The interface languages, their names, directions and stand-ins. */
export * from '../../shared/src/contract/languages';
