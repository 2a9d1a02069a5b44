/** AsyncAPI 2.x / 3.0 importer: `importAsyncApi(source, options)`, `importAsyncApiDocuments(docs, options)`. */
export { importAsyncApi, importAsyncApiDocuments } from './import-asyncapi.js';
