/** The API contract (TypeBox schemas and types) shared with the widgets; the server's only import path to it. */
export * from '../../shared/src/contract';
