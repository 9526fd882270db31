// Checks of compose.yaml in the spirit of `docker compose config`, with what it cannot know: the settings
// apps/api/src/config.ts reads and the upstreams of deploy/nginx.conf. Each check returns its problems as sentences; none
// means the file passes (tools/deploy-compose.test.js).
import path from 'node:path';
import { parse } from 'yaml';
import {
  canBeEmpty,
  imageProblem,
  masked,
  referencesIn,
  required,
  SECRET_FLAG,
  SECRET_NAME,
  secretValueProblem,
  soleReference,
  urlPasswords,
} from './deploy-files.js';

const imageName = (service) => String(service.image ?? '').replace(/[:@].*$/, '');
const isImage = (service, name) => imageName(service) === name || imageName(service).endsWith(`/${name}`);
const environmentOf = (service) =>
  Array.isArray(service.environment)
    ? Object.fromEntries(
        service.environment.map((entry) => [entry.split('=')[0], entry.includes('=') ? entry.slice(entry.indexOf('=') + 1) : '']),
      )
    : (service.environment ?? {});
const commandOf = (service) => (Array.isArray(service.command) ? service.command.map(String) : String(service.command ?? '').split(/\s+/));
const argument = (args, flag) => args.find((arg) => arg.startsWith(`${flag}=`))?.slice(flag.length + 1);

/** Every string of a value (nested objects and lists included). */
const stringsOf = (value) =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringsOf) : [];

/** The environment compose.yaml gives a service (after YAML merge keys), before interpolation. */
export function serviceEnvironment(text, name) {
  const service = parse(text, { merge: true })?.services?.[name];
  if (!service) throw new Error(`compose.yaml has no service ${name}`);
  return environmentOf(service);
}

/**
 * Rules for compose.yaml. `settings`: settingsOf(config.ts);
 * `requiredSettings`: what every app service must set; `nginx`: nginxAddressesOf(deploy/nginx.conf);
 * `dockerfileHealthcheck`: whether the image the app services build has a HEALTHCHECK.
 */
export function composeProblems(text, { settings, requiredSettings = [], nginx, dockerfileHealthcheck = true }) {
  const problems = [];
  let compose;
  try {
    compose = parse(text, { merge: true });
  } catch (error) {
    return [`not YAML: ${error instanceof Error ? error.message : error}`];
  }
  const services = compose?.services ?? {};
  const names = Object.keys(services);
  if (names.length === 0) return ['no services'];
  const apps = names.filter((name) => services[name].build !== undefined);
  if (apps.length === 0) problems.push('no service is built from the Dockerfile');

  // Required variables: `${NAME:?message}` somewhere in the file.
  const requiredNames = new Set(
    stringsOf(compose)
      .flatMap(referencesIn)
      .filter(required)
      .map((reference) => reference.name),
  );
  const secretReference = (where, value, { optionalAllowed = false } = {}) => {
    const problem = secretValueProblem(value);
    if (problem) return problems.push(`${where} ${problem}`);
    const reference = soleReference(value);
    if (reference && !requiredNames.has(reference.name) && !optionalAllowed) {
      problems.push(
        `${where}: \${${reference.name}} is never required; write \${${reference.name}:?message} so a missing secret stops the start`,
      );
    }
  };

  for (const [name, service] of Object.entries(services)) {
    if (service.image !== undefined) {
      const problem = imageProblem(String(service.image));
      if (problem) problems.push(`services.${name}.image ${problem}`);
    } else if (service.build === undefined) {
      problems.push(`services.${name} has neither image nor build`);
    }

    const environment = environmentOf(service);
    const isApp = apps.includes(name);
    for (const [key, value] of Object.entries(environment)) {
      if (SECRET_NAME.test(key)) {
        const optionalAllowed = isApp && settings.emptyAllowed.has(key) && canBeEmpty(value);
        secretReference(`services.${name}.environment.${key}`, value, { optionalAllowed });
      }
      if (isApp && !settings.all.has(key)) {
        problems.push(`services.${name}.environment.${key}: apps/api/src/config.ts reads no such setting`);
      }
      if (isApp && settings.all.has(key) && !settings.emptyAllowed.has(key) && canBeEmpty(value)) {
        problems.push(
          `services.${name}.environment.${key} may be empty, which config.ts refuses for ${key}; give a default or leave it out`,
        );
      }
    }
    if (isApp) {
      for (const key of requiredSettings) {
        if (environment[key] === undefined || canBeEmpty(environment[key])) {
          problems.push(`services.${name}.environment.${key} is not set (the multi-instance setup needs it)`);
        }
      }
    }

    const command = commandOf(service);
    for (const [index, arg] of command.entries()) {
      const flag = arg.match(/^--?([\w-]+)(?:=([\s\S]*))?$/);
      if (!flag || !SECRET_FLAG.test(flag[1])) continue;
      const value = flag[2] ?? command[index + 1];
      if (value !== undefined && !value.startsWith('-')) secretReference(`services.${name}.command ${arg.split('=')[0]}`, value);
    }
    for (const value of stringsOf(service)) {
      for (const password of urlPasswords(value)) secretReference(`services.${name}: the password of a URL`, password);
    }

    const dependsOn = Array.isArray(service.depends_on)
      ? Object.fromEntries(service.depends_on.map((dependency) => [dependency, {}]))
      : (service.depends_on ?? {});
    for (const [dependency, options] of Object.entries(dependsOn)) {
      if (!services[dependency]) {
        problems.push(`services.${name}.depends_on: no service ${dependency}`);
        continue;
      }
      if (options?.condition !== 'service_healthy') {
        problems.push(`services.${name}.depends_on.${dependency}: use condition: service_healthy (started is not ready)`);
      }
      const target = services[dependency];
      const checked = target.healthcheck?.test && !target.healthcheck.disable;
      if (!checked && !(target.build !== undefined && dockerfileHealthcheck)) {
        problems.push(`services.${name}.depends_on.${dependency}: ${dependency} has no health check to wait for`);
      }
    }
  }

  for (const [kind, tool] of [
    ['postgres', 'pg_isready'],
    ['redis', 'redis-cli'],
  ]) {
    const found = names.filter((name) => isImage(services[name], kind));
    if (found.length === 0) problems.push(`no ${kind} service`);
    for (const name of found) {
      const test = services[name].healthcheck?.test;
      const words = Array.isArray(test) ? test.join(' ') : String(test ?? '');
      if (!test || services[name].healthcheck?.disable) problems.push(`services.${name} has no healthcheck`);
      else if (!words.includes(tool)) problems.push(`services.${name}.healthcheck does not run ${tool}`);
    }
  }

  const proxies = names.filter((name) => isImage(services[name], 'nginx'));
  if (proxies.length === 0) problems.push('no nginx service');
  for (const name of proxies) {
    const service = services[name];
    const mounts = (service.volumes ?? []).map((volume) =>
      typeof volume === 'string'
        ? { source: volume.split(':')[0], target: volume.split(':')[1] }
        : { source: volume.source, target: volume.target },
    );
    if (
      !mounts.some(
        (mount) => path.posix.normalize(String(mount.source)) === 'deploy/nginx.conf' && mount.target === '/etc/nginx/nginx.conf',
      )
    ) {
      problems.push(`services.${name} does not mount ./deploy/nginx.conf as /etc/nginx/nginx.conf`);
    }
    if (!/(^|\s)-e stderr(\s|$)/.test(commandOf(service).join(' '))) {
      problems.push(`services.${name}.command does not start nginx with -e stderr (deploy/nginx.conf's header)`);
    }
    const published = (service.ports ?? []).map((port) =>
      typeof port === 'object'
        ? String(port.target)
        : String(port)
            .replace(/\/\w+$/, '')
            .split(':')
            .at(-1),
    );
    if (nginx?.listen && !published.includes(nginx.listen)) {
      problems.push(`services.${name}.ports does not publish ${nginx.listen}, the port deploy/nginx.conf listens on`);
    }
  }
  for (const upstream of nginx?.upstreams ?? []) {
    const service = services[upstream.host];
    if (!service)
      problems.push(`deploy/nginx.conf sends requests to ${upstream.host}:${upstream.port}, and there is no service ${upstream.host}`);
    else if (!apps.includes(upstream.host))
      problems.push(`services.${upstream.host}: deploy/nginx.conf's upstream is not built from the Dockerfile`);
    else if (String(environmentOf(service).PORT) !== upstream.port) {
      problems.push(`services.${upstream.host}.environment.PORT is not ${upstream.port}, where deploy/nginx.conf sends requests`);
    }
  }

  // The app's TURN settings point at the coturn service: the same secret, its port.
  for (const name of names.filter((n) => isImage(services[n], 'coturn'))) {
    const args = commandOf(services[name]);
    const secret = soleReference(argument(args, '--static-auth-secret') ?? '')?.name;
    const port = argument(args, '--listening-port') ?? '3478';
    for (const app of apps) {
      const environment = environmentOf(services[app]);
      if (soleReference(environment.TURN_SECRET ?? '')?.name !== secret) {
        problems.push(`services.${app}.environment.TURN_SECRET is not the secret services.${name} is started with`);
      }
      const urls = masked(environment.TURN_URLS ?? '').text.split(',');
      if (!urls[0] || urls.some((url) => url.match(/:(\d+)(\?|$)/)?.[1] !== port)) {
        problems.push(`services.${app}.environment.TURN_URLS does not name port ${port}, where services.${name} listens`);
      }
    }
  }
  return problems;
}
