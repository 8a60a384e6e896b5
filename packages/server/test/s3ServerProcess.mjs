// A real S3-compatible server for the tests: s3rver (@20minutes/s3rver, the maintained fork), keeping its
// objects in the directory it is given and checking every request's SigV4 signature against its built-in
// key pair (S3RVER / S3RVER). Started by test/s3Server.ts as a child process, on a free port; it reports
// the port over IPC and ends when its parent goes.
//
// Two fixes make s3rver work with AWS's JavaScript SDK v3 on Node 20, both measured here:
// - s3rver encrypts list continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider: a
//   listing that needs a second page fails with ERR_OSSL_EVP_UNSUPPORTED. Hence the child process, run
//   with --openssl-legacy-provider (test/s3Server.ts), rather than a server inside the test's process.
// - For a request on the bucket itself (ListObjectsV2: GET /{bucket}/?list-type=2) the SDK signs the
//   path '/{bucket}/' as S3 wants it, while s3rver rebuilds it as '/{bucket}' and answers
//   SignatureDoesNotMatch. The middleware below hands such a request to s3rver's virtual-host route, for
//   which s3rver rebuilds the path as '/{bucket}' + its mount path; a mount path of '/' gives back the
//   '/{bucket}/' that was signed. Signatures are still checked on every request.
import S3rver from "@20minutes/s3rver";

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) throw new Error("usage: s3ServerProcess.mjs DIRECTORY BUCKET");

const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});

// Koa reads the host from X-Forwarded-Host only when told to trust a proxy; nothing else sets that header.
server.proxy = true;
server.middleware.unshift((ctx, next) => {
  const bucketRoot = /^\/([^/]+)\/$/.exec(ctx.path);
  if (bucketRoot) {
    ctx.request.header["x-forwarded-host"] = bucketRoot[1];
    ctx.path = "/";
    ctx.mountPath = "/";
  }
  return next();
});

const { port } = await server.run();
process.send?.({ port });
process.on("disconnect", () => void server.close().finally(() => process.exit(0)));
