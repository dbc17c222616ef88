import { useEffect, useState } from 'react';
import type { AppState } from '../state/types.ts';
import { useAppState, useCommands } from './useAppState.ts';

const selSettings = (s: AppState) => s.settings;

/** Publish URL and cross-submission: they make host-scope rules decidable; changing them revalidates. */
export function SettingsPanel() {
  const settings = useAppState(selSettings);
  const commands = useCommands();
  const [url, setUrl] = useState(settings.publishUrl);
  useEffect(() => setUrl(settings.publishUrl), [settings.publishUrl]);
  const commit = () => {
    if (url.trim() !== settings.publishUrl) commands.setSettings({ publishUrl: url.trim() });
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        commit();
      }}
    >
      <label className="field">
        <span>Publish URL</span>
        <input
          type="url"
          placeholder="https://www.example.com/sitemap.xml"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          onBlur={commit}
        />
        <span className="hint">
          Where this file will live. URLs outside its host and folder are then reported.
        </span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={settings.crossSubmission}
          onChange={(e) => commands.setSettings({ crossSubmission: e.target.checked })}
        />
        <span>
          Cross-submission is set up
          <br />
          <span className="hint">
            Other hosts are verified in Search Console or listed in robots.txt; host mismatches become
            warnings.
          </span>
        </span>
      </label>
    </form>
  );
}
