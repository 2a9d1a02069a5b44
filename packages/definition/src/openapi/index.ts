/** OpenAPI 3.0 / 3.1 and Swagger 2.0 importer: `importOpenApi(source, options)`, `importOpenApiDocuments(docs, options)`. */
export { importOpenApi, importOpenApiDocuments } from './import-openapi.js';
