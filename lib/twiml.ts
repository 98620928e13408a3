/**
 * The TwiML answer to Twilio's incoming-message webhook: one reply text, or
 * an empty <Response/> when Hopper has nothing to say (Twilio then sends
 * nothing).
 */

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

/** XML 1.0 forbids these characters even escaped; they are dropped. */
const NOT_XML =
  // deno-lint-ignore no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** `text` safe inside an XML element or attribute. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (ch) => ENTITIES[ch]);
}

/** The TwiML document that answers with `message`, or says nothing when it is null. */
export function twimlReply(message: string | null): string {
  return message === null
    ? `${XML_HEAD}<Response/>`
    : `${XML_HEAD}<Response><Message>${escapeXml(message)}</Message></Response>`;
}
