import DeleteIcon from "@mui/icons-material/Delete";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { type GlobalAsset, STATUS } from "@tt/protocol";
import { useId, useState } from "react";
import { failureText } from "../../lib/api";
import { ConfirmDialog } from "../../lib/ConfirmDialog";
import { upload } from "../../lib/upload";
import {
  ASSET_ACCEPT,
  ASSETS_FIELD,
  assetPaths,
  eraseGlobalAsset,
  formatBytes,
  globalAssetsKey,
  oversizeMessage,
  previewUrl,
  useGlobalAssets,
} from "./globalAssetsApi";
import { StatusText, UploadButton, UploadProgress, useStatus } from "./parts";

/**
 * Global assets (admin-decks-editor.md sections 2, 4, 7): images every table of the project can show.
 * Upload reads 'Uploading...' with a progress bar, then 'Upload success' or the server's reason; each
 * asset has a preview and an Erase button that first asks 'Confirm deletion?'.
 */
/** `mayEdit`: designers and site admins upload and erase; mods see the assets. */
export function GlobalAssetsSection({ slug, mayEdit }: { slug: string; mayEdit: boolean }) {
  const assets = useGlobalAssets(slug);
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: globalAssetsKey(slug) });
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Images for the game implementation and the cards, referred to by file name. PNG, JPEG, GIF, WebP and
        SVG, up to 10 MB each; scripts and links are removed from SVG files.
      </Typography>
      {mayEdit && <AssetUpload slug={slug} onUploaded={refresh} />}
      {assets.isPending ? (
        <Typography role="status">{STATUS.loadingAssets}</Typography>
      ) : assets.error ? (
        <Alert severity="error">{assets.error.message}</Alert>
      ) : (
        <AssetGrid slug={slug} assets={assets.data} onErased={refresh} mayEdit={mayEdit} />
      )}
    </Stack>
  );
}

function AssetUpload({ slug, onUploaded }: { slug: string; onUploaded(): Promise<void> }) {
  const [progress, setProgress] = useState<number | null>(null);
  const { status, busy, ok, fail } = useStatus();
  const send = async (files: File[]) => {
    const tooBig = oversizeMessage(files);
    if (tooBig) return fail(tooBig);
    const form = new FormData();
    for (const file of files) form.append(ASSETS_FIELD, file, file.name);
    busy(STATUS.uploading);
    setProgress(0);
    const result = await upload(assetPaths.upload(slug), form, { onProgress: setProgress });
    setProgress(null);
    if (result.ok) ok(result.text || STATUS.uploadSuccess);
    else fail(failureText(result));
    await onUploaded();
  };
  return (
    <Box>
      <UploadButton
        inputLabel="Images to upload"
        accept={ASSET_ACCEPT}
        multiple
        busy={progress !== null}
        startIcon={<UploadFileIcon />}
        onFiles={(files) => void send(files)}
      >
        Upload images
      </UploadButton>
      <UploadProgress progress={progress} />
      <StatusText status={status} />
    </Box>
  );
}

function AssetGrid({
  slug,
  assets,
  onErased,
  mayEdit,
}: {
  slug: string;
  assets: GlobalAsset[];
  onErased(): Promise<void>;
  mayEdit: boolean;
}) {
  const [asking, setAsking] = useState<string | null>(null);
  const { status, busy, ok, fail } = useStatus();
  const headingId = useId();
  const erase = async (name: string) => {
    busy(STATUS.updating);
    try {
      ok(await eraseGlobalAsset(slug, name));
    } catch (err) {
      fail((err as Error).message);
    }
    await onErased();
  };
  return (
    <Box>
      <Typography variant="h3" id={headingId} sx={{ fontSize: "1rem", fontWeight: 600, mb: 1 }}>
        {assets.length === 1 ? "1 asset" : `${assets.length} assets`}
      </Typography>
      {assets.length === 0 ? (
        <Typography variant="body2">No global assets yet.</Typography>
      ) : (
        <Box
          component="ul"
          aria-labelledby={headingId}
          sx={{
            listStyle: "none",
            p: 0,
            m: 0,
            display: "grid",
            gridTemplateColumns: "repeat(auto-fill, minmax(160px, 1fr))",
            gap: 2,
          }}
        >
          {assets.map((asset) => (
            <AssetCard
              key={asset.name}
              asset={asset}
              onErase={mayEdit ? () => setAsking(asset.name) : undefined}
            />
          ))}
        </Box>
      )}
      <StatusText status={status} />
      <ConfirmDialog
        open={asking !== null}
        title="Confirm deletion?"
        text={`${asking ?? ""} will be erased from the project's global assets. Tables that show it will show nothing in its place.`}
        confirmLabel="Erase"
        onConfirm={() => asking && void erase(asking)}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
}

function AssetCard({ asset, onErase }: { asset: GlobalAsset; onErase: (() => void) | undefined }) {
  const size = asset.width && asset.height ? ` · ${asset.width}×${asset.height}` : "";
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1, display: "flex", flexDirection: "column", gap: 0.5 }}
    >
      <Box
        sx={{
          height: 120,
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          bgcolor: "action.hover",
          borderRadius: 1,
          overflow: "hidden",
        }}
      >
        <Box
          component="img"
          src={previewUrl(asset)}
          alt={asset.name}
          loading="lazy"
          sx={{ maxWidth: "100%", maxHeight: "100%", objectFit: "contain" }}
        />
      </Box>
      <Typography variant="body2" sx={{ wordBreak: "break-all" }}>
        {asset.name}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {formatBytes(asset.size)}
        {size}
      </Typography>
      {onErase && (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          aria-label={`Erase ${asset.name}`}
          onClick={onErase}
          sx={{ alignSelf: "flex-start" }}
        >
          Erase
        </Button>
      )}
    </Paper>
  );
}
