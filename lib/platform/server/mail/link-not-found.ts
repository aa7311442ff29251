import "server-only";

// A route handler cannot render the site's not-found page, so a link that does not check out gets
// this small one: no script, no style, nothing from the token echoed back.

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Link not found</title>
</head>
<body>
<main>
<h1>This link does not work</h1>
<p>The link you followed is incomplete or was changed. Try opening it from the e-mail again, or go to our <a href="/">home page</a>.</p>
</main>
</body>
</html>
`;

export function linkNotFoundPage(): Response {
  return new Response(PAGE, {
    status: 404,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
