// directory-floor FILE: the least a save of FILE can cost, for the benchmark's floor rows
// (docs/performance.md). It reads FILE whole, then writes the same bytes as `directory`'s save
// writes a list: to a new file beside it, fsync, rename over FILE, fsync of the folder. No
// parsing, no hashing, no checks: what is left is the disk and the kernel.
//
// C, not Swift or Python, so that the floor's own start-up is a few hundred microseconds and
// flatters no one.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(const char *what, const char *path) {
    fprintf(stderr, "directory-floor: %s %s: %s\n", what, path, strerror(errno));
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: directory-floor FILE\n");
        return 2;
    }
    const char *path = argv[1];
    int input = open(path, O_RDONLY | O_CLOEXEC);
    if (input < 0) return fail("cannot open", path);
    struct stat status;
    if (fstat(input, &status) != 0) return fail("cannot stat", path);
    size_t size = (size_t)status.st_size;
    char *bytes = malloc(size > 0 ? size : 1);
    if (bytes == NULL) return fail("no memory for", path);
    size_t done = 0;
    while (done < size) {
        ssize_t count = read(input, bytes + done, size - done);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return fail("cannot read", path);
        done += (size_t)count;
    }
    close(input);

    size_t length = strlen(path);
    char *temporary = malloc(length + 16);
    char *folderPath = strdup(path);
    if (temporary == NULL || folderPath == NULL) return fail("no memory for", path);
    snprintf(temporary, length + 16, "%s.floor-%d", path, (int)getpid());
    int output = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (output < 0) return fail("cannot create", temporary);
    done = 0;
    while (done < size) {
        ssize_t count = write(output, bytes + done, size - done);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return fail("cannot write", temporary);
        done += (size_t)count;
    }
    if (fsync(output) != 0) return fail("cannot fsync", temporary);
    if (close(output) != 0) return fail("cannot close", temporary);
    if (rename(temporary, path) != 0) return fail("cannot rename over", path);
    const char *folder = dirname(folderPath);
    int directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directory < 0) return fail("cannot open", folder);
    if (fsync(directory) != 0) return fail("cannot fsync", folder);
    close(directory);
    free(bytes);
    free(temporary);
    free(folderPath);
    return 0;
}
