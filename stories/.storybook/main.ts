import type { StorybookConfig } from '@storybook/react-vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { defaultClientConditions, mergeConfig } from 'vite'

const config: StorybookConfig = {
  // Component stories live next to their components in @portico/ui; playground stories live here.
  stories: ['../../packages/ui/src/**/*.stories.tsx', '../src/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  // Offline machines: no telemetry, no "what's new" or version lookups (pass --no-version-updates to `dev`).
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: (viteConfig) =>
    mergeConfig(viteConfig, {
      plugins: [vanillaExtractPlugin()],
      // Workspace packages resolve to their TypeScript sources: no prior build needed.
      resolve: { conditions: ['portico-source', ...defaultClientConditions] },
      // Storybook's own preview runtime is one ~1.1 MB chunk; not worth a warning on every build.
      build: { chunkSizeWarningLimit: 2048 },
    }),
}

export default config
