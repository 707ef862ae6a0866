import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { env } from "@/lib/env";

/**
 * The SSRF guard for subscriber URLs (issue 6 §5). A webhook URL must not reach the service's own network:
 * every address its host resolves to must be public unicast, checked at registration and again when each
 * connection is made (DNS can change; the HTTP client connects to exactly the address checked here, so a
 * rebinding between check and connect is not possible). In production the URL must be https.
 *
 * `WEBHOOK_ALLOW_PRIVATE_NETWORKS=true` (self-hosting, tests) lifts the address check and allows plain http.
 * Cloud metadata addresses stay refused even then: nothing legitimate listens there for webhooks.
 */

export type UrlPolicy = { allowPrivate: boolean; requireHttps: boolean };

export function webhookUrlPolicy(): UrlPolicy {
  const config = env();
  return {
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    requireHttps: config.NODE_ENV === "production" && !config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
  };
}

export class UrlRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UrlRefused";
  }
}

export const MAX_URL_LENGTH = 2048;

const METADATA_ADDRESSES = new Set([
  "169.254.169.254", // AWS, GCP, Azure, DigitalOcean, OpenStack instance metadata
  "169.254.169.253", // AWS VPC DNS
  "169.254.170.2", // AWS ECS task metadata
  "169.254.170.23", // AWS EKS pod identity
  "100.100.100.200", // Alibaba Cloud
  "192.0.0.192", // Oracle Cloud
  "fd00:ec2::254", // AWS IMDS over IPv6
  "fd00:ec2::253",
  "fd00:ec2::23",
]);

const METADATA_HOSTNAMES = new Set(["metadata.google.internal", "metadata.goog", "metadata.azure.internal", "instance-data", "instance-data.ec2.internal"]);

/** Syntax and scheme: an absolute http(s) URL without credentials. */
export function parseWebhookUrl(raw: string, policy: UrlPolicy = webhookUrlPolicy()): URL {
  if (raw.length > MAX_URL_LENGTH) throw new UrlRefused(`The URL is longer than ${MAX_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefused("Not an absolute URL.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new UrlRefused("Only http and https URLs can receive webhooks.");
  if (url.protocol === "http:" && policy.requireHttps) {
    throw new UrlRefused("Webhook URLs must use https (plain http is accepted only with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true).");
  }
  if (url.username || url.password) throw new UrlRefused("Credentials in the URL are not allowed; authenticate with the signature instead.");
  if (METADATA_HOSTNAMES.has(bareHost(url).toLowerCase())) throw new UrlRefused("Cloud metadata hosts cannot receive webhooks.");
  return url;
}

/** The host without IPv6 brackets. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/** Why an address may not be contacted ("a loopback address"), or null when it may. */
function refusedKind(address: string, policy: Pick<UrlPolicy, "allowPrivate">): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return "not an IP address";
  }
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (METADATA_ADDRESSES.has(parsed.toString())) return "a cloud metadata address";
  const embedded = parsed.kind() === "ipv6" ? embeddedIPv4(parsed as ipaddr.IPv6) : null;
  if (embedded) {
    const inner = refusedKind(embedded.toString(), policy);
    if (inner) return `${inner} (embedded IPv4 ${embedded.toString()})`;
  }
  if (policy.allowPrivate) return null;
  const range = parsed.range();
  if (range === "unicast") return null;
  return `a ${describeRange(range)} address`;
}

/**
 * The IPv4 address inside an IPv4-compatible (`::a.b.c.d`, deprecated), NAT64 (`64:ff9b::/96`) or 6to4
 * (`2002::/16`) IPv6 address: such an address can reach that IPv4 host, so it is judged like it.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const ipv4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const compatible = parts.slice(0, 6).every((part) => part === 0) && !(parts[6] === 0 && parts[7] <= 1);
  if (compatible || address.range() === "rfc6052") return ipv4(parts[6], parts[7]);
  if (address.range() === "6to4") return ipv4(parts[1], parts[2]);
  return null;
}

/** Why an address may not be contacted ("127.0.0.1 is a loopback address"), or null when it may. */
export function addressRefusal(address: string, policy: Pick<UrlPolicy, "allowPrivate">): string | null {
  const kind = refusedKind(address, policy);
  return kind && `${address} is ${kind}`;
}

function describeRange(range: string): string {
  const names: Record<string, string> = {
    loopback: "loopback",
    private: "private-network",
    linkLocal: "link-local",
    carrierGradeNat: "carrier-grade NAT",
    uniqueLocal: "unique-local",
    multicast: "multicast",
    unspecified: "unspecified",
    broadcast: "broadcast",
    reserved: "reserved",
  };
  return names[range] ?? `non-public (${range})`;
}

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });
}

/** Every address of the host, each allowed by the policy; throws `UrlRefused` otherwise. */
export async function resolveAllowedAddresses(hostname: string, policy: UrlPolicy): Promise<LookupAddress[]> {
  if (isIP(hostname)) {
    const refusal = addressRefusal(hostname, policy);
    if (refusal) throw new UrlRefused(`Refused: ${refusal}.`);
    return [{ address: hostname, family: isIP(hostname) }];
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(hostname);
  } catch (error) {
    throw new UrlRefused(`The host ${hostname} does not resolve (${(error as NodeJS.ErrnoException).code ?? "DNS error"}).`);
  }
  if (addresses.length === 0) throw new UrlRefused(`The host ${hostname} has no addresses.`);
  for (const { address } of addresses) {
    const kind = refusedKind(address, policy);
    if (kind) throw new UrlRefused(`Refused: ${hostname} resolves to ${address}, ${kind}.`);
  }
  return addresses;
}

/**
 * The check at registration and update. With private networks allowed, a host that does not resolve
 * (yet) is accepted: split-horizon DNS in self-hosted setups is common, and delivery checks again.
 */
export async function checkWebhookUrl(raw: string, policy: UrlPolicy = webhookUrlPolicy()): Promise<URL> {
  // Where the URL points matters more than its scheme: report a refused address before a missing https.
  const url = parseWebhookUrl(raw, { ...policy, requireHttps: false });
  try {
    await resolveAllowedAddresses(bareHost(url), policy);
  } catch (error) {
    if (!(policy.allowPrivate && error instanceof UrlRefused && /does not resolve|has no addresses/.test(error.message))) throw error;
  }
  return parseWebhookUrl(raw, policy);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `http.request`: resolves like the system resolver, then refuses the connection unless
 * every address is allowed, and connects to a checked address.
 */
export function guardedLookup(policy: UrlPolicy) {
  return (hostname: string, options: { all?: boolean; family?: number | string } | number, callback: LookupCallback): void => {
    const wantsAll = typeof options === "object" && options.all === true;
    resolveAllowedAddresses(hostname, policy).then(
      (addresses) => {
        if (wantsAll) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (error: Error) => callback(Object.assign(error, { code: "EWEBHOOKREFUSED" }) as NodeJS.ErrnoException, wantsAll ? [] : "", 0),
    );
  };
}
