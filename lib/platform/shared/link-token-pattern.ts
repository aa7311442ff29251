// An e-mailed link's token: 32 random bytes in base64url. Shared, so a page can refuse a mangled
// link before offering its button.
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
