// Tests in this folder.
