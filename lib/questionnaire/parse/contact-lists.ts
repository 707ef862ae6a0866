/**
 * A list of people to contact, printed under an introduction ("If you have any questions, please contact:" over
 * "- Ana Lima [ ana.lima at uni.br ]", "- Help desk: www.example.org/help"). Read line by line it looks like an
 * unnumbered question and its answers; but answers are what a respondent picks, and nobody picks an address. A list
 * every item of which carries a contact address — an e-mail address, written plainly or spelled out against
 * harvesting ("name at host.org", "name [at] host.org"), or a web address — is text.
 *
 * The addresses are found by a scan over whitespace-separated words (no pattern over the whole label).
 */

/** A host name: dot-separated labels ending in a top-level domain ("usp.br", "mail.example.org"). */
const HOST = /^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}$/u;
/** The word that stands for "@" where an address is spelled out. */
const AT_WORD = /^(?:at|\[at\]|\(at\)|\{at\})$/i;
/** A web address. */
const WEB = /^(?:https?:\/\/|www\.)\S/i;

/** Punctuation a list wraps around an address ("[ name at host.org ]", "<name@host.org>,"). */
function bare(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && "[(<{\"'".includes(word[start])) start++;
  while (end > start && "])>}\"',;.:".includes(word[end - 1])) end--;
  return word.slice(start, end);
}

/** Whether the text holds an e-mail or web address. */
export function holdsContactAddress(text: string): boolean {
  const words = text.slice(0, 500).split(/\s+/).filter(Boolean);
  for (let at = 0; at < words.length; at++) {
    const word = bare(words[at]);
    if (WEB.test(word)) return true;
    const sign = word.indexOf("@");
    if (sign > 0 && HOST.test(word.slice(sign + 1))) return true;
    // "name at host.org": a name, the spelled-out sign, a host.
    if (AT_WORD.test(words[at]) && at > 0 && at + 1 < words.length && bare(words[at - 1]) && HOST.test(bare(words[at + 1]))) return true;
  }
  return false;
}

/** A list of contacts: two items or more, or one, each with a contact address. */
export function isContactList(labels: string[]): boolean {
  return labels.length > 0 && labels.every(holdsContactAddress);
}
