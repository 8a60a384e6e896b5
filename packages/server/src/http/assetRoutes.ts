import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { MultipartFile } from "@fastify/multipart";
import {
  ASSET_MAX_BYTES,
  ASSET_NAME_PATTERN,
  type GlobalAsset,
  STATUS,
  UPLOAD_MAX_BYTES,
} from "@tt/protocol";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { mayViewProject } from "../auth/permissions";
import type { Db } from "../db/connect";
import { projects } from "../db/schema";
import type { AppDeps } from "../deps";
import { loadAdminProject } from "../projects/admin";
import { mayMaintainDecks } from "../projects/adminRules";
import {
  type AssetMetadata,
  baseName,
  type CheckedAsset,
  GLOBAL_ASSETS_MAX,
  metadataOf,
  tooBigMessage,
} from "../storage/assetCheck";
import { globalAssetKey, projectOfKey, type Storage } from "../storage/storage";
import { uploadWork } from "../work/uploads";
import { requireActor } from "./context";
import { firstIssue, HttpError, sendText } from "./errors";
import { accepted, uploaderWithRoom } from "./workAnswer";

// Global assets of a project (admin-decks-editor.md sections 2, 6, 7) and the storage they live in.
// Upload, list and erase are for the project's mods and designers and site admins (the advanced admin
// sections), through loadAdminProject: 401 logged out, 404 when the project is unknown or closed to the
// actor, 403 otherwise. Files are read by anyone who may view the project, through GET /api/storage/*
// (unless S3_PUBLIC_URL serves them straight from the bucket).

/** Stored files are served as data, never as a page: no scripts, no plugins, styles inline only. */
export const STORAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

const MB = 1024 * 1024;
const NOT_FOUND = "Not found";
export const ASSETS_FORBIDDEN = "Only the project's designers and site admins may change its assets.";

type SlugParams = { Params: { slug: string } };

const eraseBody = z.object({
  name: z
    .string({ error: "Give the name of the asset to erase." })
    .regex(ASSET_NAME_PATTERN, "That is not the name of an asset."),
});

export function assetRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const { storage } = deps;
  const work = uploadWork(deps.config.work);

  app.get<{ Params: { "*": string } }>("/api/storage/*", async (request, reply) => {
    const actor = requireActor(request);
    const key = request.params["*"];
    const slug = projectOfKey(key);
    if (!slug) return sendText(reply, 404, NOT_FOUND);
    const [project] = await db
      .select({ visibility: projects.visibility, roles: projects.roles })
      .from(projects)
      .where(eq(projects.slug, slug));
    if (!project || !mayViewProject(actor, project)) return sendText(reply, 404, NOT_FOUND);
    const object = await storage.get(key);
    if (!object) return sendText(reply, 404, NOT_FOUND);
    reply
      .type(object.contentType)
      .header("cache-control", "private, max-age=300")
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", STORAGE_CSP);
    // Whatever is not an image is downloaded rather than shown in the site's origin.
    if (!object.contentType.startsWith("image/")) reply.header("content-disposition", "attachment");
    return reply.send(object.bytes);
  });

  /** Designers maintain assets (admin-decks-editor.md section 1); mods see them. */
  async function assetMaintainer(request: FastifyRequest<SlugParams>) {
    const actor = requireActor(request);
    const project = await loadAdminProject(db, request.params.slug, actor);
    if (!mayMaintainDecks(actor, project)) throw new HttpError(403, ASSETS_FORBIDDEN);
    return project;
  }

  app.get<SlugParams>("/api/projects/:slug/assets", async (request) => {
    const project = await loadAdminProject(db, request.params.slug, requireActor(request));
    return assetList(storage, project.slug, project.globalAssets as Record<string, AssetMetadata>);
  });

  /** Multipart, images in the field 'assets'; answers 'Upload success' or why nothing was stored. */
  app.post<SlugParams>("/api/projects/:slug/upload-assets", async (request, reply) => {
    const project = await assetMaintainer(request);
    if (!request.isMultipart())
      throw new HttpError(400, "Send the images as multipart/form-data, in the field 'assets'.");
    const owner = uploaderWithRoom(work, request, reply);
    const files = await readUpload(request);
    if (files.length === 0) throw new HttpError(400, "Choose at least one image to upload.");
    // Every file is checked before any is stored: an upload is taken whole or not at all.
    const assets: CheckedAsset[] = [];
    // Each is read in a worker (work/uploads.ts), one file at a time, counted against this user.
    for (const file of files) {
      const asset = accepted(await work.image(file.filename, file.bytes, owner), request, reply);
      if (assets.some((a) => a.name === asset.name))
        throw new HttpError(400, `${asset.name} is in this upload twice.`);
      assets.push(asset);
    }
    await storeAssets(db, storage, project.slug, assets);
    request.log.info({ slug: project.slug, assets: assets.map((a) => a.name) }, "global assets uploaded");
    return sendText(reply, 200, STATUS.uploadSuccess);
  });

  app.post<SlugParams>("/api/projects/:slug/erase-asset", async (request, reply) => {
    const project = await assetMaintainer(request);
    const body = eraseBody.safeParse(request.body ?? {});
    if (!body.success) throw new HttpError(400, firstIssue(body.error));
    const { name } = body.data;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ globalAssets: projects.globalAssets })
        .from(projects)
        .where(eq(projects.slug, project.slug))
        .for("update");
      const current = { ...(row?.globalAssets ?? {}) };
      if (!Object.hasOwn(current, name)) throw new HttpError(404, `There is no global asset named ${name}.`);
      delete current[name];
      await tx.update(projects).set({ globalAssets: current }).where(eq(projects.slug, project.slug));
    });
    // The list no longer names it; a file left behind by a failing store is unreachable by name only.
    await storage.delete(globalAssetKey(project.slug, name)).catch((err) => {
      request.log.error({ err, slug: project.slug, name }, "could not delete an erased asset's file");
    });
    return sendText(reply, 200, `${name} erased.`);
  });
}

function assetList(storage: Storage, slug: string, assets: Record<string, AssetMetadata>): GlobalAsset[] {
  return Object.entries(assets)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, meta]) => ({ name, url: storage.publicUrl(globalAssetKey(slug, name)), ...meta }));
}

/**
 * The uploaded files, each read to its end. The first problem is remembered and the rest of the body
 * drained, so the answer is that problem rather than a connection torn down mid-upload.
 */
async function readUpload(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }[]> {
  const files: { filename: string; bytes: Buffer }[] = [];
  let total = 0;
  let refusal: HttpError | null = null;
  try {
    const parts = request.files({ limits: { fileSize: ASSET_MAX_BYTES }, throwFileSizeLimit: false });
    for await (const part of parts) {
      if (refusal) {
        await drain(part);
        continue;
      }
      if (part.fieldname !== "assets") {
        refusal = new HttpError(400, `Send the images in the field 'assets', not '${part.fieldname}'.`);
        await drain(part);
        continue;
      }
      const bytes = await part.toBuffer();
      total += bytes.length;
      if (part.file.truncated) refusal = new HttpError(413, tooBigMessage(baseName(part.filename)));
      else if (total > UPLOAD_MAX_BYTES)
        refusal = new HttpError(
          413,
          `One upload may hold at most ${UPLOAD_MAX_BYTES / MB} MB of images: upload fewer at a time.`,
        );
      else files.push({ filename: part.filename, bytes });
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT")
      throw new HttpError(413, "Too many files in one upload: upload fewer at a time.");
    throw err;
  }
  if (refusal) throw refusal;
  return files;
}

async function drain(part: MultipartFile): Promise<void> {
  await pipeline(part.file, new Writable({ write: (_chunk, _encoding, done) => done() }));
}

/**
 * Writes the files and their metadata while holding the project's row, so two uploads cannot both pass
 * the count limit. Files new to the project are removed again if a later write fails.
 */
async function storeAssets(db: Db, storage: Storage, slug: string, assets: CheckedAsset[]): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ globalAssets: projects.globalAssets })
      .from(projects)
      .where(eq(projects.slug, slug))
      .for("update");
    const current = { ...(row?.globalAssets ?? {}) } as Record<string, AssetMetadata>;
    const added = assets.filter((a) => !Object.hasOwn(current, a.name));
    const count = Object.keys(current).length;
    if (count + added.length > GLOBAL_ASSETS_MAX)
      throw new HttpError(
        400,
        `A project may hold at most ${GLOBAL_ASSETS_MAX} global assets: this one has ${count} and the upload ` +
          `adds ${added.length}. Erase some first.`,
      );
    const now = new Date();
    const written: CheckedAsset[] = [];
    try {
      for (const asset of assets) {
        await storage.put(globalAssetKey(slug, asset.name), asset.bytes, asset.type);
        written.push(asset);
        current[asset.name] = metadataOf(asset, now);
      }
      await tx.update(projects).set({ globalAssets: current }).where(eq(projects.slug, slug));
    } catch (err) {
      const orphans = written.filter((a) => added.includes(a));
      await Promise.allSettled(orphans.map((a) => storage.delete(globalAssetKey(slug, a.name))));
      throw err;
    }
  });
}
