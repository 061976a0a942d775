/** Where a request card keeps its state: read by the card decoration of every client before the card's code has loaded. */
export const REQUEST_SCOPE = "genesys-gdr";
export const REQUEST_FLAG = "request";
