/** What a shipped project brings: the lobby's metadata and its images (file name -> SVG text). */
export interface ProjectContent {
  slug: string;
  projectName: string;
  designer: string;
  visibility: "public" | "closed" | "unlisted";
  /** HTML; sanitised by the server before it is stored or shown. */
  description: string;
  images: Record<string, string>;
}
