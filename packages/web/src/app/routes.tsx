// Route tables. Login gate and home are in the entry chunk; everything else loads on demand so the
// first page stays small (DESIGN.md budget: 250 KB gzip for login and home).
import { lazy } from "react";
import { Navigate, Route, Routes } from "react-router";
import { LoginGate } from "../features/auth/LoginGate";
import { HomePage } from "../features/home/HomePage";
import { NotFound } from "./NotFound";

const RegisterPage = lazy(() => import("../features/auth/RegisterPage"));
const AboutPage = lazy(() => import("../features/about/AboutPage"));
const InvitationsPage = lazy(() => import("../features/invitations/InvitationsPage"));
const LobbyPage = lazy(() => import("../features/lobby/LobbyPage"));
const TablePage = lazy(() => import("../features/table/TablePage"));
const NewProjectPage = lazy(() => import("../features/siteAdmin/NewProjectPage"));
const ProfilePage = lazy(() => import("../features/profile/ProfilePage"));
const FeedbackPage = lazy(() => import("../features/feedback/FeedbackPage"));
const AdminPage = lazy(() => import("../features/admin/AdminPage"));
const RulesPage = lazy(() => import("../features/lobby/RulesPage"));
const ComponentEditorPage = lazy(() => import("../features/componentEditor/ComponentEditorPage"));

const toHome = <Navigate to="/" replace />;

/** Logged out: the login gate at every path except /register. */
export function LoggedOutRoutes() {
  return (
    <Routes>
      <Route path="/register" element={<RegisterPage />} />
      <Route path="*" element={<LoginGate />} />
    </Routes>
  );
}

export function LoggedInRoutes() {
  return (
    <Routes>
      <Route index element={<HomePage />} />
      <Route path="about" element={<AboutPage />} />
      <Route path="invitations" element={<InvitationsPage />} />
      <Route path="new-project" element={<NewProjectPage />} />
      <Route path="user/:username" element={<ProfilePage />} />
      <Route path="projects/:projectSlug" element={<LobbyPage />} />
      <Route path="projects/:projectSlug/feedback" element={<FeedbackPage />} />
      <Route path="projects/:projectSlug/rules" element={<RulesPage />} />
      <Route path="projects/:projectSlug/admin" element={<AdminPage />} />
      <Route path="projects/:projectSlug/admin/component-editor" element={<ComponentEditorPage />} />
      {/* The table index path and any sub-path other than /table/{tableId} go home (spec section 2). */}
      <Route path="projects/:projectSlug/table" element={toHome} />
      <Route path="projects/:projectSlug/table/:tableId" element={<TablePage />} />
      <Route path="projects/:projectSlug/table/:tableId/*" element={toHome} />
      <Route path="register" element={toHome} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
