type Options = { distDir: string; warn?: (message: string) => void };

export function sha256Source(text: string | Uint8Array): string;
export function addScriptIntegrity(html: string, options: Options): Promise<string>;
export function scriptHashes(html: string): string[];
export function withoutNonces(html: string): string;
export function finishCachedPage(html: string, options: Options): Promise<{ html: string; hashes: string[] }>;
