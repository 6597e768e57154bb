/** The bare /api/v1 path is not an endpoint either: the API's 404, not the site's HTML page. */
export { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } from "./[...path]/route";
