import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { addressRefusal, checkWebhookUrl, guardedLookup, parseWebhookUrl, UrlRefused } from "./url-guard";

const strict = { allowPrivate: false, requireHttps: true };
const devStrict = { allowPrivate: false, requireHttps: false };
const open = { allowPrivate: true, requireHttps: false };

describe("the webhook URL guard", () => {
  it("refuses loopback, private, link-local, CGNAT, unique-local, multicast, unspecified and reserved addresses", () => {
    for (const address of [
      "127.0.0.1", "127.1.2.3", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.1.1", "100.64.0.1", "0.0.0.0",
      "224.0.0.1", "255.255.255.255", "198.18.0.1", "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1",
      "::ffff:127.0.0.1", "::ffff:10.0.0.1", "2001:db8::1",
    ]) {
      expect(addressRefusal(address, strict), address).not.toBeNull();
    }
    expect(addressRefusal("127.0.0.1", strict)).toMatch(/loopback/);
    expect(addressRefusal("10.0.0.1", strict)).toMatch(/private/);
  });

  it("allows public unicast addresses", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
      expect(addressRefusal(address, strict), address).toBeNull();
    }
  });

  it("refuses cloud metadata addresses even when private networks are allowed", () => {
    for (const address of ["169.254.169.254", "fd00:ec2::254", "100.100.100.200", "192.0.0.192", "::ffff:169.254.169.254"]) {
      expect(addressRefusal(address, open), address).toMatch(/metadata/);
    }
    expect(addressRefusal("127.0.0.1", open)).toBeNull();
    expect(() => parseWebhookUrl("http://metadata.google.internal/computeMetadata/v1/", open)).toThrow(UrlRefused);
  });

  it("checks the IPv4 address embedded in IPv4-compatible, NAT64 and 6to4 IPv6 addresses", async () => {
    // ::127.0.0.1 (IPv4-compatible, deprecated) is not a loopback address to ipaddr.js, but embeds one.
    expect(addressRefusal("::7f00:1", strict)).toMatch(/loopback/);
    expect(addressRefusal("::a00:1", strict)).toMatch(/private/);
    await expect(checkWebhookUrl("http://[::127.0.0.1]/hook", devStrict)).rejects.toThrow(/loopback/);
    // Even where private networks are allowed, a metadata address stays refused in any of these spellings.
    for (const address of ["::a9fe:a9fe", "64:ff9b::a9fe:a9fe", "2002:a9fe:a9fe::1"]) {
      expect(addressRefusal(address, open), address).toMatch(/metadata/);
    }
    expect(addressRefusal("64:ff9b::808:808", open)).toBeNull();
  });

  it("requires https when told to, and refuses other schemes and credentials", () => {
    expect(() => parseWebhookUrl("http://example.com/hook", strict)).toThrow(/https/);
    expect(parseWebhookUrl("http://example.com/hook", devStrict).hostname).toBe("example.com");
    expect(() => parseWebhookUrl("ftp://example.com/hook", open)).toThrow(/http and https/);
    expect(() => parseWebhookUrl("https://user:pw@example.com/hook", open)).toThrow(/Credentials/);
    expect(() => parseWebhookUrl("not a url", open)).toThrow(/absolute/);
    expect(() => parseWebhookUrl(`https://example.com/${"a".repeat(2100)}`, open)).toThrow(/longer/);
  });

  it("resolves host names and refuses those that point inside (localhost, IP literals, IPv6 brackets)", async () => {
    await expect(checkWebhookUrl("http://localhost:8080/hook", devStrict)).rejects.toThrow(/loopback/);
    await expect(checkWebhookUrl("http://127.0.0.1/hook", devStrict)).rejects.toThrow(/loopback/);
    await expect(checkWebhookUrl("http://[::1]:9/hook", devStrict)).rejects.toThrow(/loopback/);
    await expect(checkWebhookUrl("http://[::ffff:7f00:1]/hook", devStrict)).rejects.toThrow(/loopback/);
    await expect(checkWebhookUrl("http://no-such-host.invalid/hook", devStrict)).rejects.toThrow(/does not resolve/);
    // A refused address is reported before a missing https; a public address over http is refused for the scheme.
    await expect(checkWebhookUrl("http://127.0.0.1/hook", strict)).rejects.toThrow(/loopback/);
    await expect(checkWebhookUrl("http://93.184.216.34/hook", strict)).rejects.toThrow(/https/);
    expect((await checkWebhookUrl("https://93.184.216.34/hook", strict)).hostname).toBe("93.184.216.34");
    await expect(checkWebhookUrl("http://localhost:8080/hook", devStrict)).rejects.toThrow(/^Refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address\.$/);
    expect((await checkWebhookUrl("http://localhost:8080/hook", open)).port).toBe("8080");
    expect((await checkWebhookUrl("http://no-such-host.invalid/hook", open)).hostname).toBe("no-such-host.invalid");
  });

  it("refuses the connection itself when the host resolves to a forbidden address (checked at connect time)", async () => {
    const server = http.createServer((_request, response) => response.end("reached"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const get = (policy: typeof open) =>
      new Promise<string>((resolve, reject) => {
        http
          .get({ hostname: "localhost", port, path: "/", lookup: guardedLookup(policy) as never, family: 4 }, (response) => {
            let text = "";
            response.on("data", (chunk) => (text += chunk));
            response.on("end", () => resolve(text));
          })
          .on("error", reject);
      });
    try {
      await expect(get(devStrict)).rejects.toThrow(/loopback/);
      await expect(get(open)).resolves.toBe("reached");
    } finally {
      server.close();
    }
  });
});
