export function inlineCriticalCss(
  html: string,
  options: { distDir: string; warn?: (message: string) => void },
): Promise<string>;
