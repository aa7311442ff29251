// Run by e2e/helpers/marketing-mail.ts in its own process (node --conditions=react-server
// --import tsx): queues one e-mail through the app's own enqueueEmail, with the test server's
// database and secrets in the environment, so the test sees exactly what the app would store and
// the server's worker delivers it to the outbox. Prints the outgoing_emails id.
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import { closeDb } from "@/lib/platform/server/db";

const [template, to] = process.argv.slice(2);
if (!template || !to) throw new Error("usage: enqueue-mail.ts <template> <to>");
const id = await enqueueEmail({
  template,
  to,
  subject: "News from Fast Forward",
  html: "<!DOCTYPE html><html><body><h1>News from Fast Forward</h1><p>A test message.</p></body></html>",
  text: "News from Fast Forward\n\nA test message.",
});
await closeDb();
console.log(id);
